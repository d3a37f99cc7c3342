"""swine's harness: tabulates one Python strategy function, run by swine in a child process.

Usage: python3 harness.py REQUEST.json RESULT.json

The request names the file, the candidate function names, the axes (each an integer range
0..length, or the two truth values False, True), the legal results and the limits. The harness
limits its own CPU time, memory and file sizes, imports the file from its own folder the way
the course does (supplying stand-ins for the course's `dice` and `ucb` modules when that folder
lacks them), calls the function on every state twice, and writes to RESULT.json either
{"table": [...]} (the results in row-major order) or {"error": "one line"}.
Whatever the strategy prints goes nowhere; only RESULT.json is read.
"""

import importlib.util
import itertools
import json
import os
import random
import resource
import sys
import types


class Rejected(Exception):
    """A submission that cannot be graded, with the one-line reason."""


def limit_resources(request):
    cpu = request["cpu_seconds"]
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    memory = request["memory_bytes"]
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    files = request["file_bytes"]
    resource.setrlimit(resource.RLIMIT_FSIZE, (files, files))


def dice_module():
    """Stand-ins for the course's dice.py: fair dice and test dice."""
    module = types.ModuleType("dice")

    def make_fair_dice(sides):
        assert type(sides) == int and sides >= 1, "Illegal value for sides"

        def dice():
            return random.randint(1, sides)

        return dice

    def make_test_dice(*outcomes):
        assert len(outcomes) > 0, "You must supply outcomes to make_test_dice"
        index = len(outcomes) - 1

        def dice():
            nonlocal index
            index = (index + 1) % len(outcomes)
            return outcomes[index]

        return dice

    module.make_fair_dice = make_fair_dice
    module.make_test_dice = make_test_dice
    module.four_sided = make_fair_dice(4)
    module.six_sided = make_fair_dice(6)
    return module


def ucb_module():
    """Stand-ins for the course's ucb.py: decorators that change nothing, quiet logging."""
    module = types.ModuleType("ucb")

    def unchanged(fn):
        return fn

    def quiet(*args, **kwargs):
        return None

    module.main = unchanged
    module.trace = unchanged
    module.interact = quiet
    module.log = quiet
    module.log_current_line = quiet
    return module


def has_module(folder, name):
    return os.path.isfile(os.path.join(folder, name + ".py")) or os.path.isdir(
        os.path.join(folder, name)
    )


def describe(error):
    """An exception in one line, with the place in the student's file it came from."""
    if isinstance(error, SyntaxError) and error.filename:
        return "%s: %s (%s, line %s)" % (
            type(error).__name__,
            error.msg,
            os.path.basename(error.filename),
            error.lineno,
        )
    message = str(error).strip().splitlines()
    text = type(error).__name__ + (": " + message[0] if message else "")
    trace = error.__traceback__
    place = None
    while trace is not None:
        code = trace.tb_frame.f_code
        if code.co_filename != __file__:
            place = (os.path.basename(code.co_filename), trace.tb_lineno)
        trace = trace.tb_next
    if place:
        return "%s (%s, line %d)" % (text, place[0], place[1])
    return text


def load(request):
    path = os.path.abspath(request["file"])
    folder = os.path.dirname(path)
    sys.path.insert(0, folder)
    for name, make in (("dice", dice_module), ("ucb", ucb_module)):
        if not has_module(folder, name):
            sys.modules[name] = make()
    stem = os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(stem, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[stem] = module
    try:
        spec.loader.exec_module(module)
    except BaseException as error:
        raise Rejected("importing it raised " + describe(error))
    for name in request["functions"]:
        function = getattr(module, name, None)
        if function is not None:
            if not callable(function):
                raise Rejected("%s is not a function" % name)
            return name, function
    raise Rejected("it defines no function %s" % " or ".join(request["functions"]))


def arguments(axes):
    ranges = [
        (False, True) if axis["truth_values"] else range(axis["length"]) for axis in axes
    ]
    return itertools.product(*ranges)


def call(name, function, args):
    shown = "%s(%s)" % (name, ", ".join(repr(a) for a in args))
    try:
        result = function(*args)
    except BaseException as error:
        raise Rejected("%s raised %s" % (shown, describe(error)))
    return shown, result


def kind(value):
    return type(value).__name__


def tabulate(request, name, function):
    low, high = request["legal"]
    table = []
    for args in arguments(request["axes"]):
        shown, result = call(name, function, args)
        if type(result) is not int:
            raise Rejected(
                "%s returned %s, a %s, not an integer" % (shown, repr(result)[:40], kind(result))
            )
        if not low <= result <= high:
            raise Rejected("%s returned %d, outside %d..=%d" % (shown, result, low, high))
        table.append(result)
    for args, first in zip(arguments(request["axes"]), table):
        shown, again = call(name, function, args)
        if type(again) is not int or again != first:
            raise Rejected(
                "%s returned %d, then %s on a second pass: it is not deterministic"
                % (shown, first, repr(again)[:40])
            )
    return table


def main():
    request_path, result_path = sys.argv[1], sys.argv[2]
    with open(request_path) as f:
        request = json.load(f)
    limit_resources(request)
    sys.setrecursionlimit(request["recursion_limit"])
    devnull = open(os.devnull, "w")
    sys.stdout = devnull
    sys.stdin = open(os.devnull)
    try:
        name, function = load(request)
        result = {"function": name, "table": tabulate(request, name, function)}
    except Rejected as rejected:
        result = {"error": str(rejected)}
    except MemoryError:
        result = {"error": "ran out of memory"}
    with open(result_path, "w") as f:
        json.dump(result, f)
    sys.stdout.flush()
    os._exit(0)


main()

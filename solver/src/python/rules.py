"""swine's rules harness: answers the hooks of a Hog rule module, run by swine in a child process.

Usage: python3 rules.py, with requests on stdin and answers on stdout, one JSON line each.

The first request names the module (its path and the text swine read from it), the parameters
set with --set and the limits. The harness keeps stdin and stdout as its channel to swine and
points both at /dev/null for everything else (what the module prints goes nowhere), limits its
memory, file sizes and processes as harness.py does, provides the module `swine_rules` with
`parameter(NAME, DEFAULT)` and stand-ins for the course's `dice` and `ucb` (when the module's
folder has none), runs the text as the module and answers with what its top level left: the
variables of the rule frame, its functions with the arguments they must be given and the line of
their `def`, each built-in strategy's function under the strategy's name, and the parameters the
module declared.

Each later request asks for one function's values on a batch of argument lists (by name and
number of arguments). The harness answers with the values in order, up to the first call that
failed, and why that one failed, with the line of the module to blame. Each request has a CPU
time budget of its own; SIGUSR1 (which swine sends when a request runs past its wall-clock limit)
stops the running call, which is then reported as out of time.

Values are sent as JSON: an int that fits in 64 bits, a bool, None, a str and a list as
themselves; a dict as {"dict": [[key, value], ...]}; a larger int as {"huge": text}; anything
else as {"other": repr, "kind": type name}.
"""

import inspect
import os
import signal
import sys
import types

from harness import (
    OutOfTime,
    Rejected,
    TooManyProcesses,
    _bool,
    _exit,
    _int,
    _isinstance,
    _type,
    busy,
    dice_module,
    has_module,
    memory_limit,
    out_of_time,
    serve,
    session,
    shown,
    ucb_module,
)

_str, _list, _dict, _len = str, list, dict, len

SMALLEST, LARGEST = -(1 << 63), (1 << 63) - 1

# The variables of the rule frame, read from the module's top level.
FRAME = ("name", "summary", "yardstick", "goal", "memory", "pig_out", "least_dice", "strategies")

POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)


def encode(value, depth=0):
    """A value as JSON (see the module's docstring)."""
    kind = _type(value)
    if value is None or kind is _bool or kind is _str:
        return value
    if kind is _int:
        return value if SMALLEST <= value <= LARGEST else {"huge": shown(value)}
    if depth < 8 and kind is _list:
        return [encode(item, depth + 1) for item in value]
    if depth < 8 and kind is _dict:
        return {
            "dict": [
                [key if _type(key) is _str else shown(key), encode(item, depth + 1)]
                for key, item in value.items()
            ]
        }
    return {"other": shown(value), "kind": kind.__name__}


def fault(error, path):
    """What went wrong in one line, and the line of the module to blame (or None). A place in
    another file of the module's folder (a hog.py it imports) is named in the text."""
    if _isinstance(error, SyntaxError) and error.filename == path:
        return "%s: %s" % (_type(error).__name__, error.msg), error.lineno
    try:
        message = str(error).strip().splitlines()
    except BaseException:
        message = []
    text = _type(error).__name__ + (": " + message[0][:200] if message else "")
    folder = os.path.dirname(path)
    line, elsewhere = None, None
    if _isinstance(error, SyntaxError) and error.filename:
        elsewhere = (os.path.basename(error.filename), error.lineno)
    trace = error.__traceback__
    while trace is not None:
        name = trace.tb_frame.f_code.co_filename
        if name == path:
            line, elsewhere = trace.tb_lineno, None
        elif os.path.dirname(os.path.abspath(name)) == folder:
            elsewhere = (os.path.basename(name), trace.tb_lineno)
        trace = trace.tb_next
    if elsewhere is not None:
        text += " (%s, line %s)" % elsewhere
    return text, line


def failure(error, start, path):
    """{"problem": what went wrong (None: out of time), "line": ...} for an exception raised by
    the module's code."""
    text, line = fault(error, path)
    if _isinstance(error, OutOfTime):
        problem = None
    elif _isinstance(error, TooManyProcesses):
        problem = "started processes beyond the limit (the limit is %d; those may start none)"
        problem %= start["processes"]
    elif _isinstance(error, MemoryError):
        problem = "ran out of memory (%s)" % memory_limit(start)
    else:
        problem = "raised " + text
    return {"problem": problem, "line": line}


def rules_module(settings, declared):
    """The module `swine_rules`: parameter(NAME, DEFAULT) declares a parameter and gives its
    value (set with --set NAME=VALUE, else DEFAULT)."""
    module = types.ModuleType("swine_rules")

    def parameter(name, default):
        """The value of the rules' parameter NAME: as set with --set NAME=VALUE, else DEFAULT."""
        if _type(name) is not _str or _type(default) is not _int:
            raise TypeError(
                "parameter(NAME, DEFAULT) takes a name (a str) and a whole number (an int), "
                'e.g. parameter("goal", 100)'
            )
        value = settings.get(name, default)
        if name not in declared:
            declared[name] = [name, value, default]
        return value

    module.parameter = parameter
    return module


def positional(function):
    """The positional parameters of a function: (name, default or inspect.Parameter.empty)."""
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return []
    return [(p.name, p.default) for p in parameters if p.kind in POSITIONAL]


def line_of(function, path):
    """The line of the module where `function` is defined (None if it comes from elsewhere)."""
    code = getattr(function, "__code__", None)
    return code.co_firstlineno if code is not None and code.co_filename == path else None


class Functions:
    """The functions swine may call, by (name, number of arguments), and their list for swine."""

    def __init__(self, path):
        self.path = path
        self.table = {}
        self.listed = []

    def add(self, name, function, arity):
        self.table[(name, arity)] = function
        self.listed.append({"name": name, "arity": arity, "line": line_of(function, self.path)})


def strategy(entry, namespace, functions):
    """A built-in strategy's entry, its function (the entry's "function", else the module's
    function of its name) registered under its name with all its positional parameters, and
    "parameters" and "defaults" read from that function's signature where the entry lacks them."""
    if _type(entry) is not _dict or _type(entry.get("name")) is not _str:
        return entry
    function = entry.get("function", namespace.get(entry["name"]))
    if _type(function) is not types.FunctionType:
        return entry
    parameters = positional(function)
    rest = parameters[2:]
    entry = _dict(entry)
    entry.pop("function", None)
    entry.setdefault("parameters", [name for name, _ in rest])
    entry.setdefault(
        "defaults",
        [None if default is inspect.Parameter.empty else default for _, default in rest],
    )
    functions.add(entry["name"], function, _len(parameters))
    return entry


def load(start):
    """Runs the module's text as the module: (its functions, what its top level left)."""
    path = start["file"]
    folder = os.path.dirname(path)
    sys.path.insert(0, folder)
    for name, make in (("dice", dice_module), ("ucb", ucb_module)):
        if not has_module(folder, name):
            sys.modules[name] = make()
    declared = {}
    sys.modules["swine_rules"] = rules_module(_dict(start["settings"]), declared)
    stem = os.path.splitext(os.path.basename(path))[0]
    module = types.ModuleType(stem)
    module.__file__ = path
    sys.modules[stem] = module
    busy[0] = True
    try:
        exec(compile(start["text"], path, "exec"), module.__dict__)
    except BaseException as error:
        busy[0] = False
        raise Rejected(failure(error, start, path))
    busy[0] = False
    namespace = module.__dict__
    functions = Functions(path)
    for name, value in _list(namespace.items()):
        if _type(value) is types.FunctionType:
            required = [p for p in positional(value) if p[1] is inspect.Parameter.empty]
            functions.add(name, value, _len(required))
    variables = {}
    for name in FRAME:
        if name in namespace:
            value = namespace[name]
            if name == "strategies" and _type(value) is _list:
                value = [strategy(entry, namespace, functions) for entry in value]
            variables[name] = encode(value)
    top = {
        "variables": variables,
        "functions": functions.listed,
        "declared": _list(declared.values()),
    }
    return functions.table, top


def answer(request, table, start):
    """The values of one function on a batch of argument lists, up to the first that failed."""
    name, arity, flat = request["name"], request["arity"], request["args"]
    function = table.get((name, arity))
    values = []
    if function is None:
        problem = "is not a function of the module with %d argument(s)" % arity
        return {"values": values, "error": {"at": 0, "problem": problem, "line": None}}
    append = values.append
    arguments = iter(flat)
    busy[0] = True
    try:
        for args in zip(*([arguments] * arity)):
            result = function(*args)
            kind = _type(result)
            if kind is _bool or result is None or (kind is _int and SMALLEST <= result <= LARGEST):
                append(result)
            else:
                append(encode(result))
    except BaseException as error:
        busy[0] = False
        problem = failure(error, start, start["file"])
        problem["at"] = _len(values)
        return {"values": values, "error": problem}
    busy[0] = False
    return {"values": values, "error": None}


def main():
    """Reads the first request, loads the module, then answers requests until stdin closes."""
    receive, send, start, hard = session()
    harness = os.getpid()
    signal.signal(signal.SIGUSR1, out_of_time)
    try:
        table, top = load(start)
        reply = {"top": top}
    except Rejected as rejected:
        table, reply = None, {"error": rejected.args[0]}
    except BaseException as error:
        problem = "failed in the harness (%s)" % _type(error).__name__
        table, reply = None, {"error": {"problem": problem, "line": None}}
    if os.getpid() != harness:
        _exit(0)  # a process the module forked that came back here: only the harness answers
    send(reply)
    if table is None:
        _exit(0)
    serve(receive, send, start, hard, harness, lambda request: answer(request, table, start))


main()

"""swine's harness: answers a Python strategy function's results on the states swine asks about,
run by swine in a child process out of its reach (its own session, and a PID namespace where the
system allows).

Usage: python3 harness.py, with requests on stdin and answers on stdout, one JSON line each.
farkle.py, yahtzee.py and rules.py import the helpers below for their own sessions.

Before anything else, session() moves the channel to swine off stdin and stdout (which then
point at /dev/null, so that what the strategy prints goes nowhere). The first request names the
file, the candidate function names, the limits, the legal results and the time one call may
take; the harness limits its own CPU time, memory, file sizes and processes, imports the file
from its own folder the way the course does (supplying stand-ins for the course's `dice` and
`ucb` modules when that folder lacks them) and answers {"function": name} or {"error": "one
line"}. Each later request is {"states": [[arguments...], ...]}: the harness calls the function
on each state (each call within its own time limit) and answers {"decisions": [result, ...]},
each checked to be a legal result, up to the first state that failed, and {"error": "one line"}
for that one.

Every request carries a "nonce" and its answer carries the same: swine takes no line without
the nonce of the request it answers. The strategy may not signal the harness, its parent or its
process group (refused, and reported). This guards against accidents and against simple
forgeries, not against code that replaces the harness's own functions: see swine's grading
guide for what code running here can still do.
"""

import importlib.util
import itertools
import json
import os
import random
import resource
import signal
import sys
import types

# What the harness relies on, taken before the student's code can replace it.
_type, _int, _bool, _repr, _isinstance = type, int, bool, repr, isinstance
_dumps, _loads, _open, _exit = json.dumps, json.loads, open, os._exit
_getpid, _getppid, _getpgid = os.getpid, os.getppid, os.getpgid

SHOWN = 40  # characters of a value shown in a message


class Rejected(Exception):
    """A submission that cannot be graded, with the one-line reason."""


class TooManyProcesses(BaseException):
    """Raised where the strategy starts a process beyond its limit."""


# Events of Python's audit hooks that start a process.
STARTS_A_PROCESS = {
    "os.fork",
    "os.forkpty",
    "os.posix_spawn",
    "os.spawn",
    "os.system",
    "os.exec",
    "subprocess.Popen",
    "pty.spawn",
}


def limit_processes(request):
    """Lets the strategy start request["processes"] processes and the processes it starts none
    (a fork bomb stops at the limit): past it, starting one raises TooManyProcesses."""
    started = [0, request["processes"]]

    def hook(event, args):
        if event in STARTS_A_PROCESS:
            if started[0] >= started[1]:
                raise TooManyProcesses(event)
            started[0] += 1

    def in_child():
        started[1] = 0

    os.register_at_fork(after_in_child=in_child)
    sys.addaudithook(hook)


class ForbiddenSignal(BaseException):
    """Raised where the strategy signals the harness, its parent or its process group."""


forbidden = [None]  # the first forbidden signal the strategy sent: (call, target), or None


def forbid_signals():
    """Refuses os.kill and os.killpg aimed at the harness, its parent or a process group of
    theirs (or at every process): the first is remembered in `forbidden`, even if the
    strategy catches the exception."""
    harness = _getpid()

    def ours(pgid):
        try:
            return pgid <= 0 or pgid in (_getpgid(0), _getpgid(harness))
        except OSError:
            return False

    def hook(event, args):
        if event == "os.kill":
            pid, number = args
            if pid == 0:
                target = "its own process group"
            elif pid < 0:
                target = "a whole process group, or every process"
            elif pid == harness:
                target = "the harness"
            elif pid == _getppid():
                target = "its parent"
            else:
                return
        elif event == "os.killpg":
            pgid, number = args
            if not ours(pgid):
                return
            target = "its own process group"
        else:
            return
        if forbidden[0] is None:
            forbidden[0] = "%s (%s(%d, %d))" % (target, event, args[0], number)
        raise ForbiddenSignal(forbidden[0])

    sys.addaudithook(hook)


def signalled(what):
    """Rejected, if the strategy sent a forbidden signal: `what` (the call, or "importing it")
    tried to signal the target."""
    if forbidden[0] is not None:
        raise Rejected(
            "%s tried to signal %s: a strategy may signal only the processes it starts"
            % (what, forbidden[0])
        )


def too_many(request, what):
    """The message of a strategy that started processes beyond its limit."""
    return "%s started processes beyond the limit (the limit is %d; those may start none)" % (
        what,
        request["processes"],
    )


def limit_resources(request):
    """CPU seconds, address space and file sizes of this process and what it starts."""
    cpu = request["cpu_seconds"]
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    memory = request["memory_bytes"]
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    files = request["file_bytes"]
    resource.setrlimit(resource.RLIMIT_FSIZE, (files, files))


def budget(start, hard):
    """Gives the next request of a session its own CPU time: the soft limit moves past what
    was used (`hard`: the hard limit the session started with)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    soft = _int(usage.ru_utime + usage.ru_stime) + start["cpu_seconds"]
    if hard != resource.RLIM_INFINITY:
        soft = min(soft, hard)
    resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))


def session():
    """A session's channel to swine, taken from stdin and stdout (which then point at
    /dev/null, so that what the code prints goes nowhere), its first request, the hard CPU
    limit, and the limits of its start set: (receive, send, start, hard). receive() is the
    next request (None once stdin closes), send(answer) answers it with its nonce."""
    requests = os.fdopen(os.dup(0), "rb")
    answers = os.fdopen(os.dup(1), "wb")
    quiet = os.open(os.devnull, os.O_RDWR)
    os.dup2(quiet, 0)
    os.dup2(quiet, 1)
    nonce = [None]

    def receive():
        line = requests.readline()
        if not line:
            return None
        request = _loads(line)
        nonce[0] = request.pop("nonce", None)
        return request

    def send(message):
        message["nonce"], nonce[0] = nonce[0], None
        answers.write(_dumps(message, separators=(",", ":")).encode() + b"\n")
        answers.flush()

    start = receive()
    hard = resource.getrlimit(resource.RLIMIT_CPU)[1]
    memory = start["memory_bytes"]
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    files = start["file_bytes"]
    resource.setrlimit(resource.RLIMIT_FSIZE, (files, files))
    budget(start, hard)
    limit_processes(start)
    forbid_signals()
    sys.setrecursionlimit(start["recursion_limit"])
    sys.stdout = _open(os.devnull, "w")
    sys.stdin = _open(os.devnull)
    return receive, send, start, hard


class OutOfTime(BaseException):
    """Raised in the running call when swine says its request ran out of time."""


busy = [False]  # whether the submitted code is running: only then does SIGUSR1 stop it


class CallTooLong(BaseException):
    """Raised in the running call when it outlives its own time limit (SIGALRM)."""


def call_too_long(signum, frame):
    """SIGALRM (set before each call of the submitted code): stops a call that runs too long."""
    if busy[0]:
        raise CallTooLong()


def out_of_time(signum, frame):
    """SIGUSR1 (sent by swine when a request runs past its wall-clock limit): stops the
    submitted code that is running."""
    if busy[0]:
        raise OutOfTime()


def serve(receive, send, start, hard, harness, respond):
    """Answers each later request of a session with respond(request), each within its own CPU
    time, until stdin closes; a process the code forked that comes back here (its pid is not
    `harness`) exits without a word: only the harness answers."""
    while True:
        request = receive()
        if request is None:
            break
        budget(start, hard)
        reply = respond(request)
        if os.getpid() != harness:
            _exit(0)
        send(reply)
    _exit(0)


SESSION_AGAIN = 8  # one state in this many of a batch (the first among them) is asked twice


def answer_batch(start, folder, name, function, request, decide):
    """The decisions on a batch of states (`decide(start, folder, name, function, state,
    again)` each, `again` for one in SESSION_AGAIN, which Farkle's and Yahtzee's ask twice), up
    to the first that failed, and why that one did."""
    decisions = []
    try:
        for i, state in enumerate(request["states"]):
            again = i % SESSION_AGAIN == 0
            decisions.append(decide(start, folder, name, function, state, again))
    except Rejected as rejected:
        return {"decisions": decisions, "error": str(rejected)}
    except OutOfTime:
        return {"decisions": decisions, "error": None, "out_of_time": True}
    return {"decisions": decisions, "error": None}


def deterministic(request, folder, name, function, args, form, again):
    """The function's answer on `args`, in the form `form(text, result)` checks it for; called
    twice if `again`, and rejected if the second answer is not the first."""
    decisions = []
    for _ in range(2 if again else 1):
        text, result = call(request, folder, name, function, args)
        decisions.append(form(text, result))
    if decisions[0] != decisions[-1]:
        raise Rejected(
            "%s returned %s, then %s on a second call: it is not deterministic"
            % (text, shown(decisions[0]), shown(decisions[1]))
        )
    return decisions[0]


def strategy_session(decide):
    """A session's whole life: reads the first request, imports the strategy, answers
    {"function": name} or {"error": "one line"}, then answers batches of states with `decide`
    (see answer_batch) until stdin closes."""
    receive, send, start, hard = session()
    folder = os.path.dirname(os.path.abspath(start["file"]))
    harness = os.getpid()
    signal.signal(signal.SIGUSR1, out_of_time)
    signal.signal(signal.SIGALRM, call_too_long)
    function = None
    try:
        busy[0] = True
        name, function = load(start, folder)
        busy[0] = False
        reply = {"function": name}
    except Rejected as rejected:
        reply = {"error": str(rejected)}
    except OutOfTime:
        reply = {"error": "importing it ran out of time"}
    except BaseException as error:
        reply = {"error": "the harness failed: %s" % _type(error).__name__}
    busy[0] = False
    if os.getpid() != harness:
        _exit(0)  # a process the strategy forked that came back here: only the harness answers
    send(reply)
    if function is None:
        _exit(0)
    serve(
        receive,
        send,
        start,
        hard,
        harness,
        lambda request: answer_batch(start, folder, name, function, request, decide),
    )


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
    """Whether `folder` holds the module or package `name`."""
    return os.path.isfile(os.path.join(folder, name + ".py")) or os.path.isdir(
        os.path.join(folder, name)
    )


def shown(value):
    """A value for a message: its repr, cut short; a huge integer by its size."""
    try:
        if _isinstance(value, _int) and value.bit_length() > 64:
            return "an integer of %d bits" % value.bit_length()
        text = _repr(value)
    except BaseException:
        return "<%s object>" % _type(value).__name__
    return text if len(text) <= SHOWN else text[: SHOWN - 3] + "..."


def kind(value):
    """What a value that is not exactly an int is, for a message."""
    name = _type(value).__name__
    if _isinstance(value, _bool):
        return "a bool"
    if _isinstance(value, _int):
        return "a %s (a subclass of int; the course asks for exactly int)" % name
    return "a %s" % name


def describe(error, folder):
    """An exception in one line, with the place in the student's files it came from."""
    if _isinstance(error, SyntaxError) and error.filename:
        return "%s: %s (%s, line %s)" % (
            _type(error).__name__,
            error.msg,
            os.path.basename(error.filename),
            error.lineno,
        )
    try:
        message = str(error).strip().splitlines()
    except BaseException:
        message = []
    text = _type(error).__name__ + (": " + message[0][:200] if message else "")
    trace = error.__traceback__
    theirs, anywhere = None, None
    while trace is not None:
        code = trace.tb_frame.f_code
        place = (os.path.basename(code.co_filename), trace.tb_lineno)
        if code.co_filename != __file__:
            anywhere = place
        if os.path.dirname(os.path.abspath(code.co_filename)) == folder:
            theirs = place
        trace = trace.tb_next
    place = theirs or anywhere
    return "%s (%s, line %d)" % (text, place[0], place[1]) if place else text


def load(request, folder):
    """Imports the file as the course does and returns (name, function)."""
    path = os.path.abspath(request["file"])
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
    except ForbiddenSignal:
        pass
    except TooManyProcesses:
        raise Rejected(too_many(request, "importing it"))
    except MemoryError:
        raise Rejected("importing it ran out of memory (%s)" % memory_limit(request))
    except BaseException as error:
        signalled("importing it")
        raise Rejected("importing it raised " + describe(error, folder))
    signalled("importing it")
    for name in request["functions"]:
        function = getattr(module, name, None)
        if function is not None:
            if not callable(function):
                raise Rejected("%s is not a function" % name)
            return name, function
    defined = sorted(
        name
        for name, value in vars(module).items()
        if _isinstance(value, types.FunctionType) and not name.startswith("_")
    )
    hint = " (it defines %s)" % ", ".join(defined[:6]) if defined else ""
    raise Rejected("it defines no function %s%s" % (" or ".join(request["functions"]), hint))


def memory_limit(request):
    """The memory limit, for a message."""
    return "the limit is %d MiB" % (request["memory_bytes"] >> 20)


def call(request, folder, name, function, args):
    """(the call as text, its result), or Rejected with what went wrong (OutOfTime passes
    through: the request ran out of time, not the call)."""
    text = "%s(%s)" % (name, ", ".join(_repr(a) for a in args))
    limit = request.get("call_seconds")
    busy[0] = True
    try:
        if limit:
            signal.setitimer(signal.ITIMER_REAL, limit)
        result = function(*args)
    except OutOfTime:
        raise
    except ForbiddenSignal:
        result = None
    except CallTooLong:
        raise Rejected("%s still running after %g s" % (text, limit))
    except TooManyProcesses:
        raise Rejected(too_many(request, text))
    except MemoryError:
        raise Rejected("%s ran out of memory (%s)" % (text, memory_limit(request)))
    except BaseException as error:
        signalled(text)
        raise Rejected("%s raised %s" % (text, describe(error, folder)))
    finally:
        busy[0] = False
        if limit:
            signal.setitimer(signal.ITIMER_REAL, 0)
    signalled(text)
    return text, result


def checked(request, text, result):
    """The result as a legal action, or Rejected saying why it is not one."""
    low, high = request["legal"]
    if request.get("truth_result"):
        if _type(result) is _bool:
            return _int(result)
        if _type(result) is _int and result in (0, 1):
            return result
        raise Rejected(
            "%s returned %s, %s, not True or False" % (text, shown(result), kind(result))
        )
    if _type(result) is not _int:
        raise Rejected("%s returned %s, %s, not an integer" % (text, shown(result), kind(result)))
    if not low <= result <= high:
        raise Rejected("%s returned %s, outside %d..=%d" % (text, shown(result), low, high))
    return result


def decide(start, folder, name, function, state, again):
    """The function's checked result on one state (its arguments); asked once: swine asks a
    sample of states again itself."""
    text, result = call(start, folder, name, function, state)
    return checked(start, text, result)


if __name__ == "__main__":  # the other harnesses import the helpers above without running this
    strategy_session(decide)

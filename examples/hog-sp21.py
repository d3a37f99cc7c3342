"""CS 61A Spring 2021's Hog as a swine rule module, written the way that term's hog.py reads.

The rules are the term's own functions (piggy_points, more_boar, and the strategies
piggypoints_strategy and more_boar_strategy); swine's hooks are bound to them below. It compiles
to the very tables of the preset hog-sp21 (tests/rule_modules.rs checks that):

    swine rules check examples/hog-sp21.py
    swine solve --rules examples/hog-sp21.py --set goal=50

Outside swine (python3 -m doctest examples/hog-sp21.py) every parameter keeps its default.
"""

try:
    from swine_rules import parameter
except ImportError:

    def parameter(name, default):
        return default


name = "hog-sp21"
summary = "Piggy Points (3 + least digit of opponent squared), More Boar extra turns"
yardstick = "always_roll:4"
goal = parameter("goal", 100)


def piggy_points(score):
    """Return the points scored from rolling 0 dice.

    score:  The opponent's current score.

    >>> piggy_points(13)  # 13 * 13 = 169: 3 + 1
    4
    >>> piggy_points(3)
    12
    >>> piggy_points(0)
    3
    """
    square = score * score
    smallest = square % 10
    while square > 0:
        smallest = min(smallest, square % 10)
        square //= 10
    return 3 + smallest


def first_two_digits(score):
    """The first two digits of a score, a one-digit score read as 0 and its digit."""
    while score >= 100:
        score //= 10
    return score // 10, score % 10


def more_boar(player_score, opponent_score):
    """Return whether the player gets an extra turn.

    player_score:   The total score of the current player.
    opponent_score: The total score of the other player.

    >>> more_boar(21, 43)
    True
    >>> more_boar(22, 43)
    True
    >>> more_boar(43, 21)
    False
    >>> more_boar(12, 12)
    False
    >>> more_boar(7, 8)
    False
    >>> more_boar(6, 18)
    True
    """
    player_tens, player_ones = first_two_digits(player_score)
    opponent_tens, opponent_ones = first_two_digits(opponent_score)
    return player_tens < opponent_tens and player_ones < opponent_ones


def piggypoints_strategy(score, opponent_score, cutoff=8, num_rolls=6):
    """This strategy rolls 0 dice if that gives at least CUTOFF points, and
    rolls NUM_ROLLS otherwise.
    """
    if piggy_points(opponent_score) >= cutoff:
        return 0
    return num_rolls


def more_boar_strategy(score, opponent_score, cutoff=8, num_rolls=6):
    """This strategy rolls 0 dice when it triggers an extra turn. It also
    rolls 0 dice if it gives at least CUTOFF points. Otherwise, it rolls
    NUM_ROLLS.
    """
    if more_boar(score + piggy_points(opponent_score), opponent_score):
        return 0
    return piggypoints_strategy(score, opponent_score, cutoff, num_rolls)


# swine's hooks: rolling 0 dice scores Piggy Points; after the points are added, More Boar may
# give the mover another turn.
free_bacon = piggy_points
after_turn = more_boar

# The built-in strategies, each with its parameters and defaults from its signature.
strategies = [
    {
        "name": "piggypoints",
        "function": piggypoints_strategy,
        "about": "roll 0 if Piggy Points scores at least cutoff, else num_rolls",
    },
    {
        "name": "more_boar",
        "function": more_boar_strategy,
        "about": "roll 0 if that earns More Boar's extra turn or scores at least cutoff, "
        "else num_rolls",
    },
]

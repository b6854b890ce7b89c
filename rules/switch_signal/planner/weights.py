"""The planner's weights, in movement points (MP), and the dice it averages over."""

from __future__ import annotations

from rules.switch_signal.cards import COLOURS, load_cards

INF = 10_000.0
P_SIG = 1.2  # a red light on the way (fixed later with one card)
P_SW = 1.2  # a switch set the wrong way (one card)
P_STOP = 1.0  # Europe: a goods city on the way ends that move (points left are lost)
C_NEW = 40.0  # a needed cube no train on the network is working on
C_DOOM = 45.0  # a train that can only run into a start space
LOAD = 0.5  # loading costs a card and a stop
P_MOVE = 0.42  # chance that the next departure card moves a given colour
W_TOKEN = 4.0  # one time token, in movement points
EPS = 0.05
LAST_CUBE = 20.0  # on the last turn: a cube still to deliver (the game is lost without it)
CARD_SPENT_LATE = 0.01  # a card when its holder has no turn left (not 0: keep ties stable)
IDLE_W = 0.3  # an idle train heads for the port (and back to the depot), out of the way
START_RISK = 0.6  # tokens a train on a start space may cost when a deployment rolls it
D_MIN = 2.0  # MP a Dispatcher call must save on a rolled move (it is used once a game)
FOLLOW_ALL = False  # after a move, also try switches/lights stopping other trains (tried: no gain)
FACES = {c: load_cards().dice[c] for c in COLOURS}

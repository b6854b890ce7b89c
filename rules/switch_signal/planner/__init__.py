"""A planning player for Switch & Signal that decides from one seat's view only.

`choose(view, legal)` reads `m.view(seat)` (the public table plus that seat's own hand) and
returns one of the canonical texts in `legal`. It never looks at the match state, at other
seats' hands or at coming dice: a move is valued as the average over the faces of the train's
die, played out on its own model of the track (the movement rules of movement.py, rebuilt from
the view's board data).

How it values a position (in "movement points", MP):
* every train on the network costs the points still needed for its job: a loaded train the
  shortest way to a port that takes its cube (North America: loaded trains of one colour are
  given different ports, the pairing that costs least, since each port takes one cube of each
  colour); an empty train the way to a goods city whose cubes are still needed, plus that
  city's way to the nearest port (trains are given cities greedily, cheapest first, so two
  trains do not count the same cube; in North America each takes a port of that colour no
  loaded train or earlier empty train has taken, so loading a cube does not move its plan);
* a red light or a switch set the wrong way on a way costs as much as the card that fixes it;
* a cube no train is working on costs a fresh train (C_NEW);
* the next departure card may move any colour: each train adds, weighted by the chance its
  colour moves, the average change of its cost over its die, and every time token lost.
In a later game (`layout=arrange`) it first arranges the discs for free: greens and switches set,
one change at a time, where they save the goods cities' ways to the port(s) and the start spaces'
ways to a goods city most (`arrange.py`). In its action phase it plays, one at a time, the action
(load, move, switch, signal) that lowers that value most for the cards it costs, and ends its turn
when nothing helps. In Central Europe it calls the Dispatcher when a movement die is shown (the
roll pauses while the Logistician is unused) and passing through goods cities would save more than
`D_MIN` MP on it.

At the end its horizon shortens (`finish.py`): once fewer departure cards are left than seats,
its hand has no later turn, so a card costs almost nothing and each action is valued with the
best second action after it; on the last card's turn only cubes delivered by its end count.

Known weaknesses: before the last turns it looks one action ahead (plus a load or one
switch/light after a move), so it does not plan a whole turn's cards together; it calls the
Dispatcher only on a known roll and uses the Conductor, Section chief and Track guard on simple
thresholds; it picks the disc to move for a green light by a heuristic (the light fewest
planned ways use); a switch wanted by two trains goes to whichever gains more now (no
yielding); the weights below were tuned by self-play on a few dozen games only. Most time
tokens are lost in the departure card's forced moves (red lights and closed switches ahead,
trains behind trains), not in its own moves.

Tried and dropped (3 seats, seeds 0-29, same seeds as the baseline, standard set-up unless
told; per-seed goods swing by 2-3 with any change, so 30 games tell about +-0.3 goods a game):
* a higher time-token weight (6 MP) with a higher chance of being moved (0.6): fewer tokens
  lost in North America but fewer goods everywhere (easiest CE 7/30 against 17/30); earlier, at
  10 games per cell, each alone; and after a move card a switch or light for any stopped train,
  not only the moved one (`FOLLOW_ALL`, off: slower);
* keeping cards: a card valued 1.5 MP instead of 1 (CE 0/30 won, 5.37 goods; baseline 3/30,
  5.57);
* two-action turn plans: for the best 2 loads/switches/lights, the best second action (move
  included) after it, the pair's gain against the best single action (CE 1/30, 5.40 goods;
  decisions up to about 4x slower);
* yielding: re-setting a switch that another train's planned way uses costs 1.5 MP more
  (standard CE 2/30, 5.50 goods; NA 1/25, 4.72 against 1/25, 4.60; easiest NA 7/30 against
  8/30); at 3 MP it was much worse (easiest NA 1/30, time tokens lost +45 %): the junction
  must be set for the train that comes next, a stuck train costs tokens on every forced move;
* two trains on one track heading into each other cost 10 MP (no decision changed in CE; NA
  4.67 goods, baseline 4.73);
* red lights and wrong switches on a way costing 2 MP instead of 1.2 (standard NA 4.56 goods
  against 4.52 on the same 25 seeds, 14 % fewer tokens lost; easiest NA 4/26 won against 7/26).
* rules version 8, North America standard, seeds 0-59 unless told (kept: loaded trains of one
  colour given different ports, 22/60 won, 6.22 goods, against 18/60, 6.08; then the empty
  trains' port slots too, seeds 0-119: 47/120, 6.60 goods, against 39/120, 6.05): empty trains
  leaving out only the ports the loaded trains of their colour are bound for, 2/60, 4.0 goods
  (loading a cube then raised the other empty trains' costs, so trains stopped loading); when
  no single card helps, the first card of the best pair of switches and lights, 22/60, 6.40
  goods (no clear gain, and it would change Central Europe too); an idle train standing in a
  port or goods city costing 3 MP (it blocks a delivery or a load there), 18/60, 6.33 goods
  against 19/60, 6.33.

Modules, each layer a class built on the one before:
* `weights.py`: the weights above and the dice faces;
* `net.py`: the board model (`Net`, movement-point edges) and distance tables (`Tables`);
* `position.py`: `Train` and `Pos`, the planner's copy of the table;
* `values.py`: `Values`, the view read into a position and what a position is worth;
* `model.py`: `Model`, the movement rules played out on the model;
* `ways.py`: `Ways`, each train's way, what it meets ahead, switch and light candidates;
* `lookahead.py`: `Lookahead`, the next card's forced moves and the value after a move card;
* `depart.py`: `Departure`, choices while a train moves and in the departure phase;
* `finish.py`: `Finish`, pairs of actions on a hand's last turn;
* `arrange.py`: `Arranger`, the free set-up of a later game;
* `decide.py`: `Ctx`, one decision, and the action phase (cards, payments);
* `player.py`: `Planner` (keeps the tables between decisions) and `choose`.
"""

from rules.switch_signal.planner.decide import Ctx
from rules.switch_signal.planner.net import Net, Tables
from rules.switch_signal.planner.player import Planner, choose
from rules.switch_signal.planner.position import Pos, Train

__all__ = ["Ctx", "Net", "Planner", "Pos", "Tables", "Train", "choose"]

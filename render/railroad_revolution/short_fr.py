"""A tile's reward in a few words, from its French label (as `panels._SHORT` does from the
English one): the board has room for « +2 Parts », not « gagnez 2 Parts »."""

from __future__ import annotations

import re
from functools import reduce

_SHORT_FR: list[tuple[str, str]] = [
    (r"avancez de (\d+) cases? au plus sur les pistes Performance", r"+\1 case(s)"),
    (r"gagnez (\d+) Parts?", r"+\1 Part(s)"),
    (r"vous pouvez promouvoir 1 ou 2 Ouvriers, à (\d+)\s?\$ chacun",
     "promouvoir 1-2 (\\1\u00a0$ chacun)"),
    (r"(?:vous pouvez )?promouvoir (\d) ou (\d) Ouvriers", r"promouvoir \1-\2"),
    (r"vous pouvez promouvoir 1 Ouvrier", "Promotion"),
    (r"gagnez 1 Ouvrier (\w+) \+ 1 Ouvrier (\w+)", r"+Ouvrier \1 +\2"),
    (r"gagnez 1 Ouvrier (\w+) ou (\w+)", r"+Ouvrier \1/\2"),
    (r"gagnez 1 Ouvrier de votre choix", "+Ouvrier au choix"),
    (r"échangez un de vos Ouvriers contre un Ouvrier de votre choix de la réserve",
     "échanger un Ouvrier"),
    (r"retournez un Train deux fois", "retourner un Train ×2"),
    (r"retournez un Train", "retourner un Train"),
    (r"prenez une tuile Train", "prendre un Train"),
    (r"gagnez (\d+)\s?\$", "+\\1\u00a0$"),
    (r"placez votre Rail le plus à gauche sur une case Rail disponible, sans tenir compte du "
     r"Marché ni du terrain", "Rail gratuit, sans ▲ ni Marché"),
    (r"placez votre Bâtiment le plus à gauche dans une Ville disponible.*",
     "Gare gratuite, sans récompense"),
    (r"placez votre Bâtiment le plus à gauche dans une section du Télégraphe.*",
     "Bureau gratuit, sans bonus"),
    (r"placez votre Rail de départ.*", "Rail de départ"),
    (r"placez votre Bâtiment de départ sur le Premier Bureau.*",
     "Bâtiment de départ\u00a0: 1er Bureau"),
    (r"placez votre Bâtiment de départ sur la Première Gare.*",
     "Bâtiment de départ\u00a0: 1re Gare"),
    (r"^payez (\d+)\s?\$\s?(?::| pour) ", "\\1\u00a0$\u00a0: "),
    (r"\+1 (\w+)\(s\)", r"+1 \1"),
    (r"\(s\)", "s"),
]


def short_french(label: str) -> str:
    """« gagnez 1 Part ; vous pouvez promouvoir 1 Ouvrier » -> « +1 Part, Promotion »."""
    parts = [p.strip() for p in label.split(";")]
    return ", ".join(reduce(lambda text, rule: re.sub(rule[0], rule[1], text), _SHORT_FR, p)
                     for p in parts if p)

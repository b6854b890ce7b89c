"""A server's community in pictures: a player's profile, a game's leaderboard, a league's
standings and the story of a finished game (issue 29).

Each picture is drawn from a plain view the table logic builds (names, numbers, titles; never
a seat's secrets), in the language spoken, with its alt text beside it.
"""

from render.community.leaderboard import leaderboard_alt, render_leaderboard
from render.community.league import league_alt, render_league
from render.community.profile import profile_alt, render_profile
from render.community.story import render_story, story_alt

__all__ = ["leaderboard_alt", "league_alt", "profile_alt", "render_leaderboard", "render_league",
           "render_profile", "render_story", "story_alt"]

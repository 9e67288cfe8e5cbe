"""Tournaments: `organise` (created, joined, started, left and cancelled by people; found), `rounds` (the tables'
games as the workers play them: ended, timed out, opened, counted and announced), `plan` (the pure seating, points
and standings) and `view` (the standings as a picture)."""

"""The REST half of the stand-in: api.py (the middleware every request passes and the route table), handlers.py
(what every endpoint shares), application.py (the gateway's address, users, the application, its commands, guilds),
channels.py (channels, threads, messages) and callbacks.py (an interaction's callback and webhook)."""

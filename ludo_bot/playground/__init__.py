"""The playground: the real bot against a local stand-in of Discord (`playground.standin`), in a browser page."""

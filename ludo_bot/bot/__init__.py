"""The Discord adapter: the /ludo command group, lobby and game components."""

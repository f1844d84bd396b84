"""The app's scenes: title, new game, table, privacy, pause, rules, settings, results."""

"""The trainer's widgets: the board (a Line-API widget)."""

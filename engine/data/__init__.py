"""Data sets the shipped models are trained and evaluated on."""

"""Trained sequence models and their checkpoints."""

"""Kingsburg rules engine (work in progress)."""

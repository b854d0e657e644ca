"""Build, serve and benchmark tooling for the Kingsburg site (not part of the engine package)."""

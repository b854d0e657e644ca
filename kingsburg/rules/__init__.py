"""The rules of Kingsburg, one module per family: influence, gifts, buildings, battle, and the calendar (flow)."""

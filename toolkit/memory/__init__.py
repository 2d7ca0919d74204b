"""The project translation memory: its store, index, pre-filling and TMX exchange."""

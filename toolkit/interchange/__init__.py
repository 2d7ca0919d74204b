"""Interchange files: XLIFF documents, TMX, TBX, and reading untrusted XML."""

"""QTI 3.0 content packages."""

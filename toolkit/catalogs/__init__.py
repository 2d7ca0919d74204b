"""Gettext catalogs: the catalog model, PO and MO files, extraction, key-aware merging, statistics."""

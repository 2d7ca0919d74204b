"""Content: quiz and interface-message YAML, from bytes on disk to the validated model.

The steps are separate, as in pypa/packaging: :mod:`.yaml_document` turns bytes into raw data with
positions, :mod:`.schema_validation` and :mod:`.rules` find every problem in the raw data, and
:mod:`.loader` builds the frozen model from data that passed.
"""

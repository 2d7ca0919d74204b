"""The HTML player and SCORM: pages, grading tables, assets and scripts."""

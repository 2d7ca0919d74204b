"""Importing scraped quiz pages (``quizkit import``): parse a page, then plan the content and catalog."""

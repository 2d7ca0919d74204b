"""The LMS formats (Canvas, Common Cartridge, GIFT, Moodle XML) and their shared HTML."""

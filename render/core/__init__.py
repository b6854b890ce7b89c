"""Drawing shared by every game: fonts and palette, text, PNG output, turn cards, hands, results."""

"""SQLite back-end: one file in WAL mode, every commit synced to the disk."""

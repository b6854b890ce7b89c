"""PostgreSQL back-end (asyncpg, the optional `postgres` extra): several processes, one database."""

-- Rate-limit windows need no WAL: one write per limited action must not cost a disk flush on every form post.
-- An UNLOGGED table keeps its rows through a clean restart and loses them only after a crash (ADR 050).
ALTER TABLE "rate_limit_windows" SET UNLOGGED;

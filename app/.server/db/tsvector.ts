import { customType } from "drizzle-orm/pg-core";

/** PostgreSQL's full-text search document type (PGlite has it too). Read-only here: it is generated. */
export const tsvector = customType<{ data: string }>({
  dataType() {
    return "tsvector";
  },
});

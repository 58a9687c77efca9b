import { defineConfig } from "vitest/config";

// Separate from vite.config.ts: the React Router plugin breaks component tests ("can't detect preamble").
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    // One worker per core, not vitest's default of one fewer: on CI's 2 cores that default is one worker and
    // an idle core. Files share nothing: each copies its own databases from the run's templates (a PGlite
    // dir, a PostgreSQL database named by pid; ADR 054) and takes free ports. ADR 065-ci-browser-time.
    maxWorkers: "100%",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * `npm run cluster`: N instances of the production build on one PostgreSQL, nginx in front (issue 20 §2,
 * ADR 052). Ctrl-C stops everything it started.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/deccan npm run cluster -- --instances=3 --port=8080
 *   npm run cluster -- --print-nginx-config --server-name=www.example.in --server-name=office.example.in \
 *     --upstream=10.0.0.11:3000 --upstream=10.0.0.12:3000      # the production conf.d file, printed
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { startCluster } from "./lib/cluster.ts";
import { nginxSiteConfig } from "./lib/nginx-config.ts";
import { buildIfMissing, ROOT } from "./lib/production-server.ts";

const { values } = parseArgs({
  options: {
    instances: { type: "string", default: "2" },
    port: { type: "string", default: "8080" },
    "database-url": { type: "string" },
    "data-dir": { type: "string", default: path.join(ROOT, "data-cluster") },
    "print-nginx-config": { type: "boolean", default: false },
    "server-name": { type: "string", multiple: true },
    upstream: { type: "string", multiple: true },
    listen: { type: "string", default: "80" },
  },
});

if (values["print-nginx-config"]) {
  process.stdout.write(
    nginxSiteConfig({
      upstreams: values.upstream?.length ? values.upstream : ["127.0.0.1:3000"],
      listen: values.listen,
      serverNames: values["server-name"],
      cacheDir: "/var/cache/nginx/deccan",
    }),
  );
  process.exit(0);
}

const databaseUrl = values["database-url"] ?? process.env.DATABASE_URL;
if (!databaseUrl?.startsWith("postgres")) {
  console.error(
    "The cluster runs on PostgreSQL (the embedded database is for one process only). Give it a database:\n" +
      "  createdb deccan && DATABASE_URL=postgres://postgres@127.0.0.1:5432/deccan npm run cluster",
  );
  process.exit(2);
}
const instances = Number(values.instances);
if (!Number.isInteger(instances) || instances < 1 || instances > 16) {
  console.error("--instances is a whole number from 1 to 16");
  process.exit(2);
}

buildIfMissing();
const cluster = await startCluster({ instances, databaseUrl, port: Number(values.port), dataDir: path.resolve(values["data-dir"]) });
console.log(`\nCluster: ${cluster.url} (${instances} instances behind nginx, on PostgreSQL)`);
console.log(`Back office: ${cluster.adminUrl}`);
console.log("Ctrl-C stops nginx and every instance.\n");

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the cluster`);
    void cluster.stop().then(() => process.exit(0));
  });
}

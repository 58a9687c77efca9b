// Child process for the outbox's crash test: an app instance that queues one SMS (argv[4], JSON) on the
// PostgreSQL database at argv[2], through the HTTP gateway at argv[3], and then waits: the test kills it
// with SIGKILL once the gateway has the request, before the answer, as a crash between the provider's call
// and the outbox's "sent" would.
import { readConfig, setServerConfig } from "~/.server/config.ts";
import { openDatabase, setDatabase } from "~/.server/db/index.ts";
import { queueMessages, type OutboxMessage } from "~/.server/notifications/index.ts";

const [databaseUrl, gatewayUrl, message] = process.argv.slice(2);
setServerConfig(readConfig({ SMS_PROVIDER: "http", SMS_HTTP_URL: gatewayUrl, SMS_SENDER_ID: "DECAUT" }));
const handle = await openDatabase({ databaseUrl, dataDir: "unused" });
setDatabase(handle);
await handle.db.transaction(async (tx) => queueMessages(tx, [JSON.parse(message!) as OutboxMessage]));
process.stdout.write("queued\n");
// Killed here; a timer keeps the process alive until then.
setInterval(() => undefined, 60_000);

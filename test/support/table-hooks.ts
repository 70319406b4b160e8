// A test's table with a hook in front of its client's `send`: for the crash and race tests that must stop a process
// between two writes, or hold requests so they all read before any writes. Everything the hook passes on reaches
// DynamoDB Local unchanged.
import type { TableRef } from '../../functions/data/table';

/** What a hook may look at in a command (the real command object, so `instanceof UpdateCommand` still works). */
export interface SentCommand {
  input?: {
    Key?: Record<string, unknown>;
    Item?: Record<string, unknown>;
    TransactItems?: unknown[];
    ExpressionAttributeValues?: Record<string, unknown>;
  };
}

/** The table, every command going through `hook`, which calls `pass()` to send it on. */
export function tableWithHook(
  table: TableRef,
  hook: (command: SentCommand, pass: () => Promise<unknown>) => Promise<unknown>,
): TableRef {
  // Built on the real client, so the SDK's paginators still take it for a document client.
  const client = Object.create(table.client) as TableRef['client'];
  Object.assign(client, {
    send: (command: SentCommand) => hook(command, () => table.client.send(command as never)),
  });
  return { name: table.name, client };
}

/**
 * The table, but the first command `at` picks throws before it reaches DynamoDB: the process dying at that moment.
 * Whatever was written before it stays written; nothing after it runs.
 */
export function crashingOnce(
  table: TableRef,
  at: (command: SentCommand) => boolean,
  message = 'the process stopped here',
): { table: TableRef; crashed: () => boolean } {
  let crashed = false;
  const crashing = tableWithHook(table, (command, pass) => {
    if (crashed || !at(command)) return pass();
    crashed = true;
    return Promise.reject(new Error(message));
  });
  return { table: crashing, crashed: () => crashed };
}

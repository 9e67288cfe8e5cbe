"""The process plumbing under the service: `workers` (the pulse, backoff and supervision of background loops),
`thinking` (worker processes for work too heavy for the event loop), `single_flight` (one task per key, awaited by
every asker) and `takeover` (answering for a bot process that died). Nothing here imports the rest of the service."""

"""The plumbing of the Discord adapter: what talks to Discord's HTTP API and what the process itself needs, no
command, button or worker. Discord's side: paced, coalesced calls (`outbox`, `pacing`), refusals remembered per
channel (`refusals`), where a game may make channel calls (`delivery`) and the permissions it needs there
(`channel_rights`), the words' language (`translator`). The process's side: metrics and their HTTP endpoint
(`metrics`, `endpoint`), the health file (`health`), a clean stop on a signal (`stopping`)."""

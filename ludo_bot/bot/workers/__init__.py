"""The bot's background workers, each a `service.runtime.workers.PolledWorker` run by the app's `Supervisor`: the
deadline worker (`deadlines`: reminders, time-outs, an AI's turns, tournaments' rounds), the alert worker (`alerts`:
turn alerts by DM), the season worker (`seasons`: a season's final top ten), and the takeover's beat (`takeover`:
this process's clicks filed, and a dead process's adopted). Their timings are constructor arguments, gathered for the
app in `timings.WorkerTimings`."""

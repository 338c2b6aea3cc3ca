import KMARedis

/// Redis as the coordinator many `kma-forecast serve` instances share (`--redis URL`): the
/// cache, the lock of each cell and run, the 30/s window and the daily quota live in Redis, so
/// two or ten instances behind a load balancer make no more KMA calls than one. Behind
/// ``ServeServer``'s fallback: Redis down, each instance uses its own ``LocalCoordinator`` and
/// says so in `/healthz` and `/metrics`.
extension RedisCoordinator: ServeCoordinator {}

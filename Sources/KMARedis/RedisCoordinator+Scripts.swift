extension RedisCoordinator {
    /// The Lua scripts, each atomic on the server (Redis runs one script at a time): what two
    /// instances can never interleave.
    enum Scripts {
        /// KEYS[1] the lock, ARGV[1] the owner's token: deletes the lock only when the token
        /// is the one stored (an instance whose lock expired and was taken by another must not
        /// release the other's). Returns 1 when released, 0 when not held by that token.
        static let releaseLock = RedisScript("""
            if redis.call('GET', KEYS[1]) == ARGV[1] then
              return redis.call('DEL', KEYS[1])
            end
            return 0
            """)

        /// KEYS[1] the ZSET of one operation's granted stamps (µs since 1970 by the server's
        /// clock, `TIME`: one clock for every instance), ARGV[1] the limit, ARGV[2] the window
        /// in µs, ARGV[3] a random member suffix (two grants in one µs stay two members).
        ///
        /// Drops the stamps at least a window old, then grants when fewer than the limit are
        /// left: `{1, stamp}`. Else `{0, µs}`: how long until the oldest leaves the window.
        /// So any half-open window of that length, [t, t + window), holds at most the limit.
        /// Numbers go to Redis as strings of whole digits (`%.0f`): Lua's own number-to-text
        /// keeps only 14 digits, and a µs stamp has 16.
        static let reserveRequest = RedisScript("""
            if redis.replicate_commands then redis.replicate_commands() end
            local time = redis.call('TIME')
            local now = tonumber(time[1]) * 1000000 + tonumber(time[2])
            local limit = tonumber(ARGV[1])
            local window = tonumber(ARGV[2])
            redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', string.format('%.0f', now - window))
            if redis.call('ZCARD', KEYS[1]) < limit then
              local stamp = string.format('%.0f', now)
              redis.call('ZADD', KEYS[1], stamp, stamp .. '-' .. ARGV[3])
              redis.call('PEXPIRE', KEYS[1], math.ceil(window / 1000) + 1000)
              return {1, now}
            end
            local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
            return {0, tonumber(oldest[2]) + window - now}
            """)

        /// KEYS[1] one operation's counter for one day, ARGV[1] the day's limit, ARGV[2] the
        /// key's lifetime in ms. Counts one call unless the limit is reached: returns the calls
        /// left after it (≥ 0), or −1 when none was left (nothing counted: the counter never
        /// passes the limit). The lifetime is set on the day's first call.
        static let consumeQuota = RedisScript("""
            local used = tonumber(redis.call('GET', KEYS[1]) or '0')
            if used == nil then return redis.error_reply('the quota counter is not a number') end
            local limit = tonumber(ARGV[1])
            if used >= limit then return -1 end
            used = redis.call('INCR', KEYS[1])
            if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
            return limit - used
            """)
    }
}

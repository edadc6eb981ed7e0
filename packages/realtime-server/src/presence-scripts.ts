// The Lua scripts behind cluster-wide presence (redis-adapter.ts), run atomically by Redis.

// Atomic so two nodes joining the same user at once cannot both announce member_added.
// KEYS: conns, counts, members, node presence set. ARGV: conn key, user id, user_info JSON, node entry.
export const joinScript = `
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 0 then return 0 end
redis.call('SADD', KEYS[4], ARGV[4])
local n = redis.call('HINCRBY', KEYS[2], ARGV[2], 1)
if n == 1 then
  redis.call('HSET', KEYS[3], ARGV[2], ARGV[3])
  return 1
end
return 0
`;

// KEYS as above. ARGV: conn key, node entry. Returns the user id when it was the user's last socket.
export const leaveScript = `
redis.call('SREM', KEYS[4], ARGV[2])
local uid = redis.call('HGET', KEYS[1], ARGV[1])
if not uid then return false end
redis.call('HDEL', KEYS[1], ARGV[1])
local n = redis.call('HINCRBY', KEYS[2], uid, -1)
if n <= 0 then
  redis.call('HDEL', KEYS[2], uid)
  redis.call('HDEL', KEYS[3], uid)
  return uid
end
return false
`;

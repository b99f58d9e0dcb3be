-- wrk script: whole games against the computer. Each response carries the game's state, so
-- any connection can make the next move of any game: a finished move queues the game's next
-- one, and a connection with no move to make starts a new game. The human (X) plays the
-- first empty cell; the computer is "easy". Statuses other than 200 and 201 are counted as
-- errors and printed at the end, with the games finished.

local create_body = [[{"rows":3,"cols":3,"k":3,"players":[{"kind":"human","name":"Load%d"},]]
  .. [[{"kind":"computer","level":"easy"}]}]]
local headers = { ["Content-Type"] = "application/json" }
local ready = {}      -- moves to make: { path, body }
-- Globals, so that done() can read each thread's counts.
games, moves, creates, errors = 0, 0, 0, 0
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  math.randomseed(os.time() + (tonumber(tostring({}):match("0x(%x+)"), 16) or 0))
end

function request()
  local nxt = table.remove(ready)
  if nxt then
    moves = moves + 1
    return wrk.format("POST", nxt[1], headers, nxt[2])
  end
  creates = creates + 1
  return wrk.format("POST", "/api/games", headers, create_body:format(math.random(1, 50)))
end

-- The first empty cell of "X.O/.../..." as row and column.
local function first_empty(position)
  local row = 0
  for line in position:gmatch("[^/]+") do
    local col = line:find("%.")
    if col then
      return row, col - 1
    end
    row = row + 1
  end
end

function response(status, headers, body)
  if status ~= 200 and status ~= 201 then
    errors = errors + 1
    return
  end
  local id = body:match('"id":"(%x+)"')
  local state = body:match('"status":"([%a_]+)"')
  if state ~= "in_progress" then
    games = games + 1
    return
  end
  local row, col = first_empty(body:match('"position":"([^"]*)"'))
  table.insert(ready, 1, {
    "/api/games/" .. id .. "/moves",
    string.format('{"row":%d,"col":%d}', row, col),
  })
end

function done(summary, latency, requests)
  local g, m, c, e = 0, 0, 0, 0
  for _, t in ipairs(threads) do
    g = g + t:get("games")
    m = m + t:get("moves")
    c = c + t:get("creates")
    e = e + t:get("errors")
  end
  local secs = summary.duration / 1e6
  io.write(string.format("games finished: %d (%.1f/s); moves sent: %d (%.1f/s); games started: %d; errors: %d\n",
    g, g / secs, m, m / secs, c, e))
end

-- The reference backend for Kripke and action models: SMCDEL's own SMCDEL.Explicit.K.
--
-- A long-lived process: it reads one request a line on standard input and answers one line
-- on standard output, case after case, until end of input.  The request language (written
-- by smcdel_bridge/official/kripke_reference.py) is a list of tokens separated by spaces:
--
--   request  := NA vocab model step* "end"         NA agents, named 0 .. NA-1
--   vocab    := N atom*                            every atom any part may use
--   model    := NW (N atom*){NW} ((N world*){NW}){NA} (N world*)
--               worlds 0..NW-1: true atoms; per agent, per world, its successors; actual
--   step     := "u" action                         product update with a pointed action
--             | "q" form                           a query on the current model
--             | "d"                                the current model itself
--   action   := NE (form N (atom form)*){NE} ((N event*){NE}){NA} (N event*)
--               events 0..NE-1: pre, postconditions; per agent, per event, successors;
--               actual events
--   form     := T | F | p N | ~ f | & N f* | "|" N f* | ^ N f* | > f g | = f g
--             | A N atom* f | E N atom* f | K i f | Kw i f | Ck N i* f | Ckw N i* f
--             | Dk N i* f | Dkw N i* f | ! f g | ?! f g | G! N i* f g | G?! N i* f g
--             | [] action g                        [A]g: g after every actual event of A
--
-- Answer line, one token group per step, in order:
--   "u" NW NACT NDEAD agent*    worlds and actual worlds after the update, and the agents
--                               that have a world without successors among the worlds
--                               reachable from the actual ones
--   "q" B B                     truth at every actual world, truth at every world (1/0)
--   "d" NW (N atom*){NW} ((N world*){NW}){NA} (N world*)
--                               the current model, as in a request (step "d")
--   "x"                         no actual world survives this update (the case stops)
--   "e" message...              the request could not be read or evaluated (the case stops)
module Main (main) where

import Control.DeepSeq (force)
import Control.Exception (SomeException, evaluate, try)
import Control.Monad (replicateM)
import Data.Dynamic (toDyn)
import Data.List (nub)
import qualified Data.Map.Strict as M
import qualified Data.Set as S
import System.IO

import SMCDEL.Explicit.K
import SMCDEL.Language

newtype Parser a = Parser {runParser :: [String] -> Either String (a, [String])}

instance Functor Parser where
  fmap f (Parser p) = Parser $ \ts -> case p ts of
    Left e -> Left e
    Right (a, r) -> Right (f a, r)

instance Applicative Parser where
  pure x = Parser $ \ts -> Right (x, ts)
  pf <*> pa = pf >>= \f -> fmap f pa

instance Monad Parser where
  Parser p >>= k = Parser $ \ts -> case p ts of
    Left e -> Left e
    Right (a, r) -> runParser (k a) r

failP :: String -> Parser a
failP e = Parser $ const (Left e)

token :: Parser String
token = Parser $ \ts -> case ts of
  [] -> Left "unexpected end of request"
  (t : r) -> Right (t, r)

int :: Parser Int
int = do
  t <- token
  case reads t of
    [(n, "")] | n >= 0 -> return n
    _ -> failP ("expected a number, got " ++ show t)

counted :: Parser a -> Parser [a]
counted p = int >>= \n -> replicateM n p

agentName :: Int -> Agent
agentName i = 'a' : show i

agent :: Parser Agent
agent = agentName <$> int

form :: [Agent] -> Parser Form
form ags = do
  t <- token
  let f = form ags
  case t of
    "T" -> pure Top
    "F" -> pure Bot
    "p" -> PrpF . P <$> int
    "~" -> Neg <$> f
    "&" -> Conj <$> counted f
    "|" -> Disj <$> counted f
    "^" -> Xor <$> counted f
    ">" -> Impl <$> f <*> f
    "=" -> Equi <$> f <*> f
    "A" -> Forall <$> counted (P <$> int) <*> f
    "E" -> Exists <$> counted (P <$> int) <*> f
    "K" -> K <$> agent <*> f
    "Kw" -> Kw <$> agent <*> f
    "Ck" -> Ck <$> counted agent <*> f
    "Ckw" -> Ckw <$> counted agent <*> f
    "Dk" -> Dk <$> counted agent <*> f
    "Dkw" -> Dkw <$> counted agent <*> f
    "!" -> PubAnnounce <$> f <*> f
    "?!" -> PubAnnounceW <$> f <*> f
    "G!" -> Announce <$> counted agent <*> f <*> f
    "G?!" -> AnnounceW <$> counted agent <*> f <*> f
    "[]" -> do
      (am, actual) <- action ags
      g <- f
      -- [A]g is the conjunction over A's actual events e of not <A,e> not g (SMCDEL's
      -- dynamic diamond on a pointed action model)
      return $ Conj [Neg (Dia (Dyn "action" (toDyn (am, e :: Int))) (Neg g)) | e <- actual]
    _ -> failP ("unknown formula token " ++ show t)

action :: [Agent] -> Parser (ActionModel, [Int])
action ags = do
  ne <- int
  evs <- replicateM ne $ do
    pre' <- form ags
    posts <- counted ((,) <$> (P <$> int) <*> form ags)
    return (pre', M.fromList posts)
  rels <- replicateM (length ags) (replicateM ne (counted int))
  actual <- counted int
  let act e (pre', post') = Act pre' post' (M.fromList [(a, rels !! i !! e) | (i, a) <- zip [0 ..] ags])
  return (ActM (M.fromList [(e, act e ev) | (e, ev) <- zip [0 ..] evs]), actual)

model :: Int -> Parser ([Agent], MultipointedModel)
model na = do
  let ags = map agentName [0 .. na - 1]
  vocab <- counted int
  nw <- int
  vals <- replicateM nw (counted int)
  rels <- replicateM na (replicateM nw (counted int))
  actual <- counted int
  let world w = (M.fromList [(P p, p `elem` (vals !! w)) | p <- vocab],
                 M.fromList [(a, rels !! i !! w) | (i, a) <- zip [0 ..] ags])
  return (ags, (KrM (M.fromList [(w, world w) | w <- [0 .. nw - 1]]), actual))

-- | The agents with a world without successors among the worlds reachable from the actual
-- ones (in one or more steps of any relation, or actual).
deadEnds :: [Agent] -> MultipointedModel -> [Int]
deadEnds ags (KrM m, ws) = [i | (i, a) <- zip [0 ..] ags, any (\w -> null (succs a w)) reach]
  where
    succs a w = snd (m M.! w) M.! a
    reach = S.toList (go (S.fromList ws) ws)
    go seen [] = seen
    go seen (w : rest) =
      let new = [v | a <- ags, v <- succs a w, not (S.member v seen)]
       in go (foldr S.insert seen new) (nub new ++ rest)

bit :: Bool -> String
bit b = if b then "1" else "0"

-- | Run the steps; each answer is forced (and its failure caught) before the next step.
steps :: [Agent] -> MultipointedModel -> [String] -> IO [String]
steps ags cur ts = case ts of
  ["end"] -> return []
  [] -> return ["e", "request", "without", "end"]
  ("u" : rest) -> case runParser (action ags) rest of
    Left err -> return ("e" : words err)
    Right (am, more) -> do
      let next@(KrM m, ws) = update cur am
          dead = deadEnds ags next
          out
            | null ws = ["x"]
            | otherwise = ["u", show (M.size m), show (length ws), show (length dead)] ++ map show dead
      r <- try (evaluate (force out))
      case r of
        Left ex -> return ("e" : oneLine ex)
        Right ["x"] -> return ["x"]
        Right done -> (done ++) <$> steps ags next more
  ("q" : rest) -> case runParser (form ags) rest of
    Left err -> return ("e" : words err)
    Right (f, more) -> do
      r <- try (evaluate (force ["q", bit (isTrue cur f), bit (isTrue (fst cur) f)]))
      case r of
        Left ex -> return ("e" : oneLine ex)
        Right done -> (done ++) <$> steps ags cur more
  ("d" : more) -> do
      r <- try (evaluate (force (dump ags cur)))
      case r of
        Left ex -> return ("e" : oneLine ex)
        Right done -> (done ++) <$> steps ags cur more
  (t : _) -> return ["e", "unknown", "step", show t]

-- | The model in the request's own form (worlds renumbered 0..NW-1 in SMCDEL's order).
dump :: [Agent] -> MultipointedModel -> [String]
dump ags (KrM m, ws) = "d" : show (length keys) : concatMap vals keys
    ++ concat [concatMap (rel a) keys | a <- ags] ++ list (map index ws)
  where
    keys = M.keys m
    index w = M.findIndex w m
    list xs = show (length xs) : map show xs
    vals w = list [n | (P n, True) <- M.toList (fst (m M.! w))]
    rel a w = list (map index (snd (m M.! w) M.! a))

oneLine :: SomeException -> [String]
oneLine = take 60 . words . show

request :: [String] -> IO [String]
request ts = case runParser int ts of
  Left err -> return ("e" : words err)
  Right (na, rest) -> case runParser (model na) rest of
    Left err -> return ("e" : words err)
    Right ((ags, m), more) -> steps ags m more

main :: IO ()
main = do
  hSetBuffering stdout LineBuffering
  hSetEncoding stdin utf8
  hSetEncoding stdout utf8
  let loop = do
        eof <- isEOF
        if eof
          then return ()
          else do
            line <- getLine
            out <- request (words line)
            putStrLn (unwords out)
            loop
  loop

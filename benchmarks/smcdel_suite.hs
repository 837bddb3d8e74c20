-- Driver for the benchmark suite: SMCDEL's own benchmark families through the library,
-- and the same structures and formulas written as SMCDEL text (checked by the library's
-- own parser to read back as the library's objects).
module Main (main) where

import Data.List (delete, intercalate)
import System.Environment (getArgs)
import System.Exit (exitFailure)
import System.IO (hPutStrLn, stderr)

import SMCDEL.Language
import SMCDEL.Symbolic.S5
import SMCDEL.Internal.Lex (alexScanTokens)
import SMCDEL.Internal.Parse (parse, CheckInput(..), Job(..))
import qualified SMCDEL.Examples.DiningCrypto as DC
import qualified SMCDEL.Examples.MuddyChildren as MC
import qualified SMCDEL.Examples.SumAndProduct as SP

-- dining cryptographers: after "is the number of 1s said odd?", if 1 did not pay, 1 knows
-- nobody paid, or 1 knows one of the others paid but not which one
dcForm :: Int -> Form
dcForm n = PubAnnounceW (Xor [DC.genDcReveal n i | i <- [1 .. n]]) $
  Impl (Neg (PrpF (P 1))) $
    Disj [ K "1" (Conj [Neg (PrpF (P k)) | k <- [1 .. n]])
         , Conj [ K "1" (Disj [PrpF (P k) | k <- [2 .. n]])
                , Conj [Neg (K "1" (PrpF (P k))) | k <- [2 .. n]] ] ]

dcLaw :: Int -> Form
dcLaw n = Conj [DC.genDcSomeonepaid n, DC.genDcNotwopaid n]

-- muddy children, all n muddy: after the father, is "nobody knows" true after k rounds of it?
mudRound :: Int -> Int -> Form
mudRound n 0 = MC.nobodyknows n
mudRound n k = PubAnnounce (MC.nobodyknows n) (mudRound n (k - 1))

mudQuery :: Int -> Int -> Form
mudQuery n k = PubAnnounce (MC.father n) (mudRound n k)

mudKns :: Int -> KnowStruct
mudKns n = KnS ps (boolBddOf Top) [(show i, delete (P i) ps) | i <- [1 .. n]]
  where ps = [P 1 .. P n]

-- the rounds the library evaluates to find the answer (m - 1 with m = n muddy)
mudFind :: Int -> Int
mudFind n = go 0 where
  go k | evalViaBdd (mudKns n, [P 1 .. P n]) (mudQuery n k) = go (k + 1)
       | otherwise = k

sapLaw :: Form
sapLaw = Disj [ Conj [SP.xyAre (x, y), SP.sIs (x + y), SP.pIs (x * y)] | (x, y) <- SP.pairs ]

-- SMCDEL text of a formula; agents are written with the prefix "a" (the lexer reads a
-- digit string as a number)
txt :: Form -> String
txt Top = "Top"
txt Bot = "Bot"
txt (PrpF (P k)) = show k
txt (Neg f) = "~" ++ par f
txt (Conj fs) = "AND(" ++ list fs ++ ")"
txt (Disj fs) = "OR(" ++ list fs ++ ")"
txt (Xor fs) = "XOR(" ++ list fs ++ ")"
txt (Impl f g) = par f ++ " -> " ++ par g
txt (Equi f g) = par f ++ " iff " ++ par g
txt (K i f) = "K a" ++ i ++ " " ++ par f
txt (Kw i f) = "Kw a" ++ i ++ " " ++ par f
txt (PubAnnounce f g) = "[! " ++ txt f ++ "] " ++ par g
txt (PubAnnounceW f g) = "[?! " ++ txt f ++ "] " ++ par g
txt f = error ("no SMCDEL text for " ++ show f)

par :: Form -> String
par f@(PrpF _) = txt f
par f = "(" ++ txt f ++ ")"

list :: [Form] -> String
list [] = error "empty list"
list fs = intercalate ", " (map txt fs)

ints :: [Prp] -> String
ints ps = intercalate ", " [show k | P k <- ps]

-- the agent names back as the library spells them
unagent :: Form -> Form
unagent (Neg f) = Neg (unagent f)
unagent (Conj fs) = Conj (map unagent fs)
unagent (Disj fs) = Disj (map unagent fs)
unagent (Xor fs) = Xor (map unagent fs)
unagent (Impl f g) = Impl (unagent f) (unagent g)
unagent (Equi f g) = Equi (unagent f) (unagent g)
unagent (K i f) = K (drop 1 i) (unagent f)
unagent (Kw i f) = Kw (drop 1 i) (unagent f)
unagent (PubAnnounce f g) = PubAnnounce (unagent f) (unagent g)
unagent (PubAnnounceW f g) = PubAnnounceW (unagent f) (unagent g)
unagent f = f

unjob :: Job -> Job
unjob (TrueQ s f) = TrueQ s (unagent f)
unjob (ValidQ f) = ValidQ (unagent f)
unjob (WhereQ f) = WhereQ (unagent f)

-- the text of a structure (with the formula its law was built from) and its jobs, checked
-- to read back as the same vocabulary, law BDD, observations and formulas
program :: KnowStruct -> Form -> [Job] -> IO String
program kns@(KnS ps law obs) lawForm jobs = do
  let text = unlines $
        [ "VARS " ++ ints ps, "LAW " ++ txt lawForm, "OBS" ] ++
        [ "  a" ++ i ++ ": " ++ ints os | (i, os) <- obs ] ++
        [ case j of
            TrueQ s f -> "TRUE? {" ++ intercalate ", " (map show s) ++ "} " ++ txt f
            ValidQ f -> "VALID? " ++ txt f
            WhereQ f -> "WHERE? " ++ txt f
        | j <- jobs ]
  case parse (alexScanTokens text) of
    Left (l, c) -> die' ("the text does not parse at " ++ show l ++ ":" ++ show c)
    Right (CheckInput vs lf os js) -> do
      let same = map P vs == ps && boolBddOf lf == law
                 && [(drop 1 i, map P o) | (i, o) <- os] == obs
                 && map unjob js == jobs
      if same then return text else die' "the text reads back as another structure"
  where _ = kns

die' :: String -> IO a
die' msg = hPutStrLn stderr ("suite: " ++ msg) >> exitFailure

main :: IO ()
main = do
  args <- getArgs
  case args of
    ["run", "dc", n] -> print (validViaBdd (DC.genDcKnsInit (read n)) (dcForm (read n)))
    ["run", "muddy", n] -> print (mudFind (read n))
    ["run", "sap"] -> mapM_ (\s -> print [k | P k <- s]) SP.sapSolutions
    ["text", "dc", n] -> let k = read n in
      program (DC.genDcKnsInit k) (dcLaw k) [ValidQ (dcForm k)] >>= putStr
    ["text", "muddy", n] -> let k = read n in
      program (mudKns k) Top [TrueQ [1 .. k] (mudQuery k r) | r <- [0 .. k - 1]] >>= putStr
    ["text", "sap"] -> program SP.sapKnStruct sapLaw [WhereQ SP.sapProtocol] >>= putStr
    _ -> die' "usage: suite run|text dc N | muddy N | sap"

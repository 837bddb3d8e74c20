-- Driver for the benchmark suite: SMCDEL's own benchmark families through the library,
-- and the same structures and formulas written as SMCDEL text (checked by the library's
-- own parser to read back as the library's objects).
module Main (main) where

import Data.List (delete, intercalate)
import System.Environment (getArgs)
import System.Exit (exitFailure)
import System.IO (hPutStrLn, hSetEncoding, stderr, stdout, utf8)

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

-- A way of writing SMCDEL text: the driver's own; with comments; with the other spellings
-- (Not, ¬, & and | chains, "knows that", "knows whether", →); with extra parentheses and
-- line breaks.  All read back as the same structure and formulas.
data Style = Plain | Comments | Spelled | Layout deriving (Eq, Read, Show)

-- SMCDEL text of a formula in a style
render :: Style -> Form -> String
render Spelled = spelled
render Layout = laid 0
render _ = txt

spelled :: Form -> String
spelled Top = "Top"
spelled Bot = "Bot"
spelled (PrpF (P k)) = show k
spelled (Neg f) = "Not " ++ spar f
spelled (Conj fs@(_ : _ : _)) = "(" ++ intercalate " \8743 " (map spar fs) ++ ")"
spelled (Disj fs@(_ : _ : _)) = "(" ++ intercalate " | " (map spar fs) ++ ")"
spelled (Conj fs) = "AND(" ++ intercalate "," (map spelled fs) ++ ")"
spelled (Disj fs) = "OR(" ++ intercalate "," (map spelled fs) ++ ")"
spelled (Xor fs) = "XOR(" ++ intercalate "," (map spelled fs) ++ ")"
spelled (Impl f g) = spar f ++ " \8594 " ++ spar g
spelled (Equi f g) = spar f ++ " iff " ++ spar g
spelled (K i f) = "a" ++ i ++ " knows that " ++ spar f
spelled (Kw i f) = "a" ++ i ++ " knows whether " ++ spar f
spelled (PubAnnounce f g) = "[ ! " ++ spelled f ++ " ] " ++ spar g
spelled (PubAnnounceW f g) = "[ ? ! " ++ spelled f ++ " ] " ++ spar g
spelled f = error ("no SMCDEL text for " ++ show f)

spar :: Form -> String
spar f@(PrpF _) = spelled f
spar f@(Conj (_ : _ : _)) = spelled f
spar f@(Disj (_ : _ : _)) = spelled f
spar f = "(" ++ spelled f ++ ")"

-- every operand in parentheses of its own, a line break before each list item down to
-- depth 3, indented by depth
laid :: Int -> Form -> String
laid _ Top = "(Top)"
laid _ Bot = "(Bot)"
laid _ (PrpF (P k)) = "(" ++ show k ++ ")"
laid d (Neg f) = "(~ " ++ laid d f ++ ")"
laid d (Conj fs) = "AND(" ++ items d fs ++ ")"
laid d (Disj fs) = "OR(" ++ items d fs ++ ")"
laid d (Xor fs) = "XOR(" ++ items d fs ++ ")"
laid d (Impl f g) = "(" ++ laid d f ++ " -> " ++ laid d g ++ ")"
laid d (Equi f g) = "(" ++ laid d f ++ " iff " ++ laid d g ++ ")"
laid d (K i f) = "(K a" ++ i ++ " " ++ laid d f ++ ")"
laid d (Kw i f) = "(Kw a" ++ i ++ " " ++ laid d f ++ ")"
laid d (PubAnnounce f g) = "([! " ++ laid d f ++ "]\n" ++ indent d ++ laid d g ++ ")"
laid d (PubAnnounceW f g) = "([?! " ++ laid d f ++ "]\n" ++ indent d ++ laid d g ++ ")"
laid _ f = error ("no SMCDEL text for " ++ show f)

items :: Int -> [Form] -> String
items d fs
  | d < 3 = concat ["\n" ++ indent (d + 1) ++ laid (d + 1) f ++ sep | (f, sep) <- zip fs seps]
  | otherwise = intercalate ", " (map (laid d) fs)
  where seps = replicate (length fs - 1) "," ++ [""]

indent :: Int -> String
indent d = replicate (2 * d) ' '

-- the same formula with nested & and | flattened (the chains of Spelled read back nested)
flat :: Form -> Form
flat (Neg f) = Neg (flat f)
flat (Conj fs) = Conj (concatMap conjuncts (map flat fs))
  where conjuncts (Conj gs) = gs
        conjuncts g = [g]
flat (Disj fs) = Disj (concatMap disjuncts (map flat fs))
  where disjuncts (Disj gs) = gs
        disjuncts g = [g]
flat (Xor fs) = Xor (map flat fs)
flat (Impl f g) = Impl (flat f) (flat g)
flat (Equi f g) = Equi (flat f) (flat g)
flat (K i f) = K i (flat f)
flat (Kw i f) = Kw i (flat f)
flat (PubAnnounce f g) = PubAnnounce (flat f) (flat g)
flat (PubAnnounceW f g) = PubAnnounceW (flat f) (flat g)
flat f = f

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
unjob (TrueQ s f) = TrueQ s (flat (unagent f))
unjob (ValidQ f) = ValidQ (flat (unagent f))
unjob (WhereQ f) = WhereQ (flat (unagent f))

flatJob :: Job -> Job
flatJob (TrueQ s f) = TrueQ s (flat f)
flatJob (ValidQ f) = ValidQ (flat f)
flatJob (WhereQ f) = WhereQ (flat f)

-- a comment line before each line and one after it, in the Comments style
commented :: Style -> [String] -> [String]
commented Comments ls =
  "-- written by the benchmark driver" : concat [ [l ++ " -- line " ++ show k, "--"] | (k, l) <- zip [1 :: Int ..] ls ]
commented _ ls = ls

-- the text of a structure (with the formula its law was built from) and its jobs, checked
-- to read back as the same vocabulary, law BDD, observations and formulas
program :: Style -> KnowStruct -> Form -> [Job] -> IO String
program style kns@(KnS ps law obs) lawForm jobs = do
  let txt = render style
      text = unlines $ commented style $
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
                 && map unjob js == map flatJob jobs
      if same then return text else die' "the text reads back as another structure"
  where _ = kns

die' :: String -> IO a
die' msg = hPutStrLn stderr ("suite: " ++ msg) >> exitFailure

main :: IO ()
main = do
  hSetEncoding stdout utf8
  args <- getArgs
  case args of
    ["run", "dc", n] -> print (validViaBdd (DC.genDcKnsInit (read n)) (dcForm (read n)))
    ["run", "muddy", n] -> print (mudFind (read n))
    ["run", "sap"] -> mapM_ (\s -> print [k | P k <- s]) SP.sapSolutions
    ("text" : rest) -> case rest of
      [s, f] -> text (read s) f Nothing
      [s, f, n] -> text (read s) f (Just (read n))
      _ -> usage
    _ -> usage
  where
    usage = die' "usage: suite run dc N | muddy N | sap; suite text [STYLE] dc N | muddy N | sap"
    text style "dc" (Just k) =
      program style (DC.genDcKnsInit k) (dcLaw k) [ValidQ (dcForm k)] >>= putStr
    text style "muddy" (Just k) =
      program style (mudKns k) Top [TrueQ [1 .. k] (mudQuery k r) | r <- [0 .. k - 1]] >>= putStr
    text style "sap" Nothing = program style SP.sapKnStruct sapLaw [WhereQ SP.sapProtocol] >>= putStr
    text _ _ _ = usage

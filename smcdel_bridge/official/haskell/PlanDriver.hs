-- The reference's planner, asked one case a line: SMCDEL.Other.Planning.offlineSearch on
-- the symbolic S5 scene of the case (built as the smcdel program builds its structure).
--
-- A request is one line, a Haskell tuple
--   (maxSteps, structureText, trueAtoms, actionTexts, safetyTexts, goalText)
-- with every formula text in SMCDEL's input syntax.  The answer is one line:
--   OK p1 p2 ...   each plan as the indices of its actions joined by commas ("-": empty)
--   ERR reason
module Main where

import Data.List (elemIndex, intercalate)
import System.IO

import SMCDEL.Internal.Lex
import SMCDEL.Internal.Parse
import SMCDEL.Language
import SMCDEL.Other.Planning
import SMCDEL.Symbolic.S5

type Request = (Int, String, [Int], [String], [String], String)

formula :: String -> Either String Form
formula text = case alexScanTokensSafe text of
  Left (l, c) -> Left ("lex error at " ++ show l ++ ":" ++ show c ++ " in " ++ show text)
  Right tokens -> case parseForm tokens of
    Left (l, c) -> Left ("parse error at " ++ show l ++ ":" ++ show c ++ " in " ++ show text)
    Right f -> Right f

scene :: String -> [Int] -> Either String KnowScene
scene text state = case alexScanTokensSafe text of
  Left _ -> Left "the structure does not lex"
  Right tokens -> case parseCheckInput tokens of
    Left _ -> Left "the structure does not parse"
    Right (CheckInput vocab law obs _) ->
      Right (KnS (map P vocab) (boolBddOf law) [ (a, map P ps) | (a, ps) <- obs ], map P state)

answer :: Request -> Either String String
answer (steps, text, state, actTexts, safeTexts, goalText) = do
  start <- scene text state
  acts <- mapM formula actTexts
  safety <- mapM formula safeTexts
  goal <- formula goalText
  let index a = maybe (-1) id (elemIndex a acts)
      plan [] = "-"
      plan p = intercalate "," (map (show . index) p)
  return (unwords ("OK" : map plan (offlineSearch steps start acts safety goal)))

main :: IO ()
main = do
  hSetBuffering stdout LineBuffering
  let loop = do
        done <- isEOF
        if done then return () else do
          line <- getLine
          putStrLn (either ("ERR " ++) id (answer (read line)))
          loop
  loop

/** A modal that answers a promise: `ask(value)` opens it, `answer(result)` closes it and resolves. */
import { useCallback, useRef, useState } from "react";

export function useAsk<Question, Answer>(cancelled: Answer) {
  const [question, setQuestion] = useState<Question | null>(null);
  const resolver = useRef<((answer: Answer) => void) | null>(null);
  const ask = useCallback(
    (value: Question) =>
      new Promise<Answer>((resolve) => {
        resolver.current?.(cancelled);
        resolver.current = resolve;
        setQuestion(value);
      }),
    [cancelled],
  );
  const answer = useCallback((result: Answer) => {
    resolver.current?.(result);
    resolver.current = null;
    setQuestion(null);
  }, []);
  return { question, ask, answer, cancel: () => answer(cancelled) };
}

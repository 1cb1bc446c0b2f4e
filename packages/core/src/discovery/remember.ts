/** A function of a string that computes each answer once. */
export function remember<T>(compute: (key: string) => T): (key: string) => T {
  const answers = new Map<string, T>();
  return (key) => {
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = compute(key);
      answers.set(key, answer);
    }
    return answer;
  };
}

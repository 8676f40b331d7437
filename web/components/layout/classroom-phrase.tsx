import { createContext, type ReactNode, useContext } from 'react';

// The teacher shell knows the phrase (from the settings feature); pages in other features
// read it from here, which keeps feature-to-feature imports out of the tree.
const ClassroomPhraseContext = createContext<string | null>(null);

export function ClassroomPhraseProvider({
  phrase,
  children,
}: {
  phrase: string | null;
  children: ReactNode;
}) {
  return (
    <ClassroomPhraseContext.Provider value={phrase}>{children}</ClassroomPhraseContext.Provider>
  );
}

export function useClassroomPhraseContext(): string | null {
  return useContext(ClassroomPhraseContext);
}

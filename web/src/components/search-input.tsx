import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

/** A search field that keeps its own text and tells the list once typing pauses (250 ms). */
export function SearchInput({ value, onSearch, ...props }: Omit<TextInputProps, 'value' | 'onChange'> & { value: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(value);
  const tell = useDebouncedCallback(onSearch, 250);
  return (
    <TextInput
      type="search"
      {...props}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        tell(e.currentTarget.value);
      }}
    />
  );
}

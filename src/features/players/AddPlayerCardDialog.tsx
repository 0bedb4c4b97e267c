import { FileInput, Image, NumberInput, Stack, TextInput } from '@mantine/core';
import { AppModal } from '../../ui/AppModal/AppModal';
import { FormActions } from '../../ui/FormActions/FormActions';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { TWITTER_HANDLE, type PlayerCardBody } from '../../api/contract/admin';
import { VALIDATION } from '../../domain/messages';

interface AddPlayerCardDialogProps {
  busy: boolean;
  onSubmit: (body: PlayerCardBody, file: File | null) => void;
  onClose: () => void;
}

type Values = { name: string; rank: number | string; twitterHandle: string };
const MESSAGES = VALIDATION.playerCard;

/** The Add Player Card dialog (seasons-and-admin §2, §5): name, rank, Twitter handle and an image with its preview. */
export function AddPlayerCardDialog({ busy, onSubmit, onClose }: AddPlayerCardDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { name: '', rank: '', twitterHandle: '' },
    validate: {
      name: (v) => (v.trim() ? null : MESSAGES.name),
      rank: (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? null : MESSAGES.rank),
      twitterHandle: (v) => (TWITTER_HANDLE.test(v.trim()) ? null : MESSAGES.twitterHandle),
    },
  });
  const pick = (picked: File | null) => {
    setFile(picked);
    setPreview(null);
    if (!picked) return;
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(picked);
  };
  const submit = (v: Values) => onSubmit({ name: v.name.trim(), rank: Number(v.rank), twitterHandle: v.twitterHandle.trim() }, file);
  return (
    <AppModal opened onClose={onClose} title="Add Player Card" closeOnClickOutside={!busy} closeOnEscape={!busy}>
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="sm">
          <TextInput label="Name" withAsterisk maxLength={80} {...form.getInputProps('name')} />
          <NumberInput label="Rank" withAsterisk min={0} allowDecimal={false} allowNegative={false} {...form.getInputProps('rank')} />
          <TextInput label="Twitter Handle" withAsterisk maxLength={16} placeholder="@handle" {...form.getInputProps('twitterHandle')} />
          <FileInput
            label="Image"
            withAsterisk
            accept="image/*"
            clearable
            placeholder="Select an image"
            value={file}
            onChange={pick}
            fileInputProps={{ 'aria-label': 'Image file' }}
          />
          {preview && <Image src={preview} alt="Image preview" h={180} fit="contain" radius="sm" bg="dark.7" />}
          <FormActions onCancel={onClose} busy={busy} mt="md" submitLabel="Add Player Card" />
        </Stack>
      </form>
    </AppModal>
  );
}

// Add Athlete Profile: name, sport, position, player number, optional bio and profile image.
// Checked here with the server's rules, then the image is uploaded and the profile created.
import { useState } from 'react';
import { validateCreateAthlete } from '@shared/catalog/admin-api';
import { sportOptions } from '@shared/catalog/sports';
import { InputField, SelectField, TextAreaField } from '@/components/form/field';
import { Form, FormEnd } from '@/components/form/form';
import { useForm } from '@/components/form/use-form-submit';
import { useCreateAthlete } from '@/features/collective-panel/api/create-athlete';
import { WRITE_TEXTS } from '@/features/collective-panel/config';
import { IMAGE_FIELDS, ImagePicker, imagePickerOf, pickerProblem } from '@/features/collective-panel/components/settings/form-parts';

const EMPTY = { name: '', sport: '', position: '', number: '', bio: '', image: null as File | null };
const SPORTS = sportOptions();

export function AddAthleteForm({ collectiveId }: { collectiveId: number }) {
  const [pickerKey, setPickerKey] = useState(0);
  const create = useCreateAthlete(collectiveId);
  const form = useForm({
    initial: EMPTY,
    check: ({ image, ...profile }, shown) => {
      const checked = validateCreateAthlete(profile);
      return { value: { profile: checked.value, image }, errors: { ...checked.errors, image: pickerProblem(shown, image) } };
    },
    send: (request) => create.trigger(request),
    onSuccess: (created) => {
      form.reset();
      setPickerKey((k) => k + 1);
      return `${created.name} was added to the collective.`;
    },
    serverFields: IMAGE_FIELDS,
    texts: WRITE_TEXTS,
  });

  return (
    <Form form={form} className="panel" aria-label="Add Athlete Profile">
      <h3 className="panel-title">Add Athlete Profile</h3>
      <div className="dash-form">
        <InputField label="Athlete Name" autoComplete="off" {...form.field('name')} />
        <SelectField label="Sport" placeholder="Select a sport" options={SPORTS} {...form.field('sport')} />
        <InputField label="Position" {...form.field('position')} />
        <InputField label="Player Number" inputMode="numeric" {...form.field('number')} />
        <TextAreaField label="Bio (optional)" className="field-full" rows={3} {...form.field('bio')} />
        <ImagePicker key={pickerKey} label="Profile Image" className="field-full" {...imagePickerOf(form)} />
      </div>
      <FormEnd form={form} busy="Adding...">
        Add Athlete
      </FormEnd>
    </Form>
  );
}

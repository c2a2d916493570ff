// Unlinking an external ID must leave the member a way in (member area: the unlink rule): with a
// password any linked ID may go; without one, only while another linked ID remains.

export function mayUnlink(member: { hasPassword: boolean; linkedCount: number }): boolean {
  if (member.linkedCount <= 0) return false;
  return member.hasPassword ? member.linkedCount > 0 : member.linkedCount > 1;
}

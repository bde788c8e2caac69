/// PLACEHOLDER
public enum SyntheticDataModule {}
